import type { Meta, StoryObj } from '@storybook/react-vite';
import { Landing } from './Landing';

const meta = { component: Landing, args: { signedIn: false } } satisfies Meta<typeof Landing>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {};
export const SignedIn: Story = { args: { signedIn: true } };

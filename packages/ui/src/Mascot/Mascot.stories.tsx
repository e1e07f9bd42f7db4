import type { Meta, StoryObj } from '@storybook/react-vite';
import { Mascot } from './Mascot';

const meta = { component: Mascot, args: { mood: 'idle' } } satisfies Meta<typeof Mascot>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Typing: Story = { args: { mood: 'typing' } };
export const Peek: Story = { args: { mood: 'peek' } };

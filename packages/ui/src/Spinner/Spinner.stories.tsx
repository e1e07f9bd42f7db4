import type { Meta, StoryObj } from '@storybook/react-vite';
import { Loader, Spinner } from './Spinner';

const meta = { component: Spinner } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = {};
export const Big: Story = { args: { size: 48, label: 'Saving' } };
export const PageLoader: Story = { render: () => <Loader label="Loading canvases…" /> };

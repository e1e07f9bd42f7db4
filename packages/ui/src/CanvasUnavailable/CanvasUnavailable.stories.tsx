import type { Meta, StoryObj } from '@storybook/react-vite';
import { CanvasUnavailable } from './CanvasUnavailable';

const meta = {
  component: CanvasUnavailable,
  parameters: { layout: 'fullscreen' },
  args: { backHref: '/canvases' },
} satisfies Meta<typeof CanvasUnavailable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  args: {
    title: 'Canvas not found.',
    text: 'It may have been deleted, or the link is wrong.',
  },
};

export const NotAllowed: Story = {
  args: {
    title: 'Not allowed!',
    text: 'This canvas belongs to someone else. Ask its owner to invite you.',
  },
};

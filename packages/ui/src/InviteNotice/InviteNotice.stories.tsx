import type { Meta, StoryObj } from '@storybook/react-vite';
import { InviteNotice } from './InviteNotice';

const meta = {
  component: InviteNotice,
  args: {
    show: true,
    username: 'grace_hopper',
    canvasName: 'Sprint planning',
    onAccept: () => {},
    onDismiss: () => {},
  },
} satisfies Meta<typeof InviteNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};
export const Accepting: Story = { args: { busy: true } };
export const LongCanvasName: Story = {
  args: { canvasName: 'Quarterly architecture review with the platform and design teams' },
};

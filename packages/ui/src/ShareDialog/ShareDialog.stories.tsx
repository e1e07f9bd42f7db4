import type { Meta, StoryObj } from '@storybook/react-vite';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { ShareDialog } from './ShareDialog';

const meta = {
  component: ShareDialog,
  parameters: DIALOG_STORY_PARAMETERS,
  args: {
    open: true,
    onClose: () => {},
    onCreate: () => {},
    onRevoke: () => {},
    links: [
      { linkId: 'l1', createdAt: '2026-11-20T09:30:00.000Z' },
      { linkId: 'l2', createdAt: '2026-11-23T14:05:00.000Z' },
    ],
  },
} satisfies Meta<typeof ShareDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Links: Story = {};
export const None: Story = { args: { links: [] } };
export const JustCreated: Story = {
  args: { createdUrl: 'https://tabula.example/view/3q2-7Xn0p5yJ0dQ1lE8mZk4Vb9sRw6TgHcU2aY1oLfM' },
};
export const Loading: Story = { args: { links: null } };
export const Refused: Story = { args: { error: 'Not allowed!' } };

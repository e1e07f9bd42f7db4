import type { Meta, StoryObj } from '@storybook/react-vite';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { ConfirmPopup } from './ConfirmPopup';

const meta = {
  component: ConfirmPopup,
  parameters: DIALOG_STORY_PARAMETERS,
  args: {
    open: true,
    title: 'Remove the image?',
    children: 'The image leaves the canvas for everyone.',
    confirmLabel: 'Remove',
    busyLabel: 'Removing',
    onConfirm: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof ConfirmPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {};
export const Primary: Story = { args: { tone: 'primary', confirmLabel: 'Go ahead' } };
export const Busy: Story = { args: { busy: true } };
export const Refused: Story = { args: { error: 'Not allowed!' } };

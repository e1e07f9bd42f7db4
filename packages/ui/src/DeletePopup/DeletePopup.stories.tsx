import type { Meta, StoryObj } from '@storybook/react-vite';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { DeletePopup } from './DeletePopup';

const meta = {
  component: DeletePopup,
  parameters: DIALOG_STORY_PARAMETERS,
  args: { open: true, onDelete: () => {}, onCancel: () => {} },
} satisfies Meta<typeof DeletePopup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Deleting: Story = { args: { busy: true } };

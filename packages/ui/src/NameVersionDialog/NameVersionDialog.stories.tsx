import type { Meta, StoryObj } from '@storybook/react-vite';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { NameVersionDialog } from './NameVersionDialog';

const meta = {
  component: NameVersionDialog,
  parameters: DIALOG_STORY_PARAMETERS,
  args: { open: true, revision: 12, onSave: () => {}, onCancel: () => {} },
} satisfies Meta<typeof NameVersionDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Saving: Story = { args: { busy: true } };
export const Refused: Story = { args: { error: 'Something went wrong. Please try again.' } };

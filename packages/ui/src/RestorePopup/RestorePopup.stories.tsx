import type { Meta, StoryObj } from '@storybook/react-vite';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { RestorePopup } from './RestorePopup';

const meta = {
  component: RestorePopup,
  parameters: DIALOG_STORY_PARAMETERS,
  args: {
    open: true,
    revision: 12,
    when: '23 Nov 2026, 10:15',
    onRestore: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof RestorePopup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Restoring: Story = { args: { busy: true } };
export const Refused: Story = { args: { error: 'Not allowed!' } };

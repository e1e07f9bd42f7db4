import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProfileCard } from './ProfileCard';

const meta = {
  parameters: { layout: 'fullscreen' },
  component: ProfileCard,
  args: {
    user: { username: 'ada_lovelace', name: 'Ada Lovelace', email: 'ada@example.com' },
    editing: false,
    onEdit: () => {},
    onSave: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof ProfileCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Viewing: Story = {};
export const Editing: Story = { args: { editing: true } };
export const Saving: Story = { args: { editing: true, saving: true } };
export const WithError: Story = {
  args: { editing: true, error: 'This username is already taken.' },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from './Alert';

const meta = {
  component: Alert,
  args: { show: true, type: 'alert', text: 'Canvas name Updated Successfully' },
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Notice: Story = {};
export const Danger: Story = { args: { type: 'danger', text: 'Logout from other device first!' } };
export const Closable: Story = { args: { onClose: () => {} } };
export const Hidden: Story = { args: { show: false } };

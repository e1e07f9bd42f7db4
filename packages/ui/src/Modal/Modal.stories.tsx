import type { Meta, StoryObj } from '@storybook/react-vite';
import { Modal } from './Modal';

const meta = {
  component: Modal,
  args: {
    open: true,
    title: 'A dialog',
    onClose: () => {},
    children: <p>Any content goes here.</p>,
  },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const WithoutCloseButton: Story = { args: { closeButton: false } };

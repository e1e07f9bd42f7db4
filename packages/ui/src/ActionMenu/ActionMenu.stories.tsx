import type { Meta, StoryObj } from '@storybook/react-vite';
import { ActionMenu } from './ActionMenu';

const meta = {
  component: ActionMenu,
  parameters: { layout: 'centered' },
  args: {
    label: 'More actions',
    items: [
      { key: 'history', label: 'History', icon: 'history', href: '#history' },
      { key: 'png', label: 'Export as PNG', icon: 'download', onSelect: () => {} },
      { key: 'svg', label: 'Export as SVG', icon: 'download', disabled: true },
      { key: 'edit', label: 'Edit name', icon: 'edit', separated: true, onSelect: () => {} },
      { key: 'delete', label: 'Delete canvas', icon: 'trash', danger: true, onSelect: () => {} },
    ],
  },
} satisfies Meta<typeof ActionMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

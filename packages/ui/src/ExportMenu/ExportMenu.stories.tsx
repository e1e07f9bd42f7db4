import type { Meta, StoryObj } from '@storybook/react-vite';
import { ExportMenu } from './ExportMenu';

const meta = {
  component: ExportMenu,
  args: { onExport: () => {} },
} satisfies Meta<typeof ExportMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Exporting: Story = { args: { busy: true } };
export const NotReady: Story = { args: { disabled: true } };
export const WithSelection: Story = { args: { selection: true } };

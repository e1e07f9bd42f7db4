import type { Meta, StoryObj } from '@storybook/react-vite';
import { CanvasHeader } from './CanvasHeader';

const meta = {
  component: CanvasHeader,
  parameters: { layout: 'fullscreen' },
  args: {
    signedIn: true,
    title: 'Product roadmap',
    onlineCount: 4,
    onToggleSidebar: () => {},
    onEdit: () => {},
    onSave: () => {},
    onCancel: () => {},
    onDelete: () => {},
    onShowOnlineUsers: () => {},
    historyHref: '#history',
    onExport: () => {},
  },
} satisfies Meta<typeof CanvasHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Personal: Story = {};
export const Live: Story = {
  args: {
    live: true,
    title: 'Team retro',
    people: [
      { id: 'u2', name: 'grace_hopper', here: true },
      { id: 'u3', name: 'Ada Lovelace', note: 'owner' },
    ],
  },
};
export const LiveWithMany: Story = {
  args: {
    live: true,
    title: 'Team retro',
    people: ['grace', 'ada', 'linus', 'barbara', 'edsger'].map((name, i) => ({
      id: `u${i}`,
      name,
      here: i < 2,
    })),
  },
};
export const Editing: Story = { args: { editing: true } };
export const Saving: Story = { args: { editing: true, saving: true } };
export const SidebarOpen: Story = { args: { sidebarOpen: true } };
export const SignedOut: Story = { args: { signedIn: false } };
export const Exporting: Story = { args: { exporting: true } };
export const WithoutHistory: Story = { args: { historyHref: undefined, onExport: undefined } };
export const Phone: Story = {
  args: { compact: true, title: 'Lively brainstorm about the spring launch' },
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
};
export const Unavailable: Story = { args: { unavailable: true, title: 'Canvas' } };

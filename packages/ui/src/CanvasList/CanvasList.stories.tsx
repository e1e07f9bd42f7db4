import type { Meta, StoryObj } from '@storybook/react-vite';
import { CanvasList } from './CanvasList';

const ITEMS = [
  { id: 'c1', name: 'Product roadmap', timestamp: '2026-03-05T14:10:00Z' },
  { id: 'c2', name: 'Wireframes', timestamp: '2026-03-02T09:30:00Z' },
  { id: 'c3', name: 'Architecture sketch', timestamp: '2026-02-11T08:00:00Z' },
  { id: 'c4', name: 'Brainstorm', timestamp: '2026-01-20T17:45:00Z' },
];

const meta = {
  parameters: { layout: 'fullscreen' },
  component: CanvasList,
  args: { kind: 'personal', items: ITEMS, onNew: () => {} },
} satisfies Meta<typeof CanvasList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllCanvases: Story = {};
export const AllCanvasesEmpty: Story = { args: { items: [] } };
export const Loading: Story = { args: { loading: true } };
export const AllLiveCanvases: Story = {
  args: {
    kind: 'live',
    items: [
      { id: 'l1', name: 'Team retro' },
      { id: 'l2', name: 'Launch plan' },
    ],
  },
};
export const AllLiveCanvasesEmpty: Story = { args: { kind: 'live', items: [] } };

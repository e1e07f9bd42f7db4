import type { Meta, StoryObj } from '@storybook/react-vite';
import { CanvasList } from './CanvasList';

/** A drawing as the server's thumbnail route renders one (a few shapes and a stroke). */
const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225" width="400" height="225">' +
    '<g fill="none" stroke="#1e1e1e" stroke-width="3" stroke-linecap="round">' +
    '<rect x="40" y="50" width="120" height="80" rx="12" fill="#a5d8ff"/>' +
    '<ellipse cx="290" cy="90" rx="60" ry="40" stroke="#e03131" fill="#ffc9c9"/>' +
    '<path d="M160 90l70 0M222 84l8 6l-8 6"/>' +
    '<path d="M60 180l40-20l40 15l40-25l40 20l40-10" stroke="#2f9e44"/></g></svg>',
)}`;

const ITEMS = [
  {
    id: 'c1',
    name: 'Product roadmap',
    timestamp: '2026-03-05T14:10:00Z',
    editedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    thumbnail: PICTURE,
  },
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

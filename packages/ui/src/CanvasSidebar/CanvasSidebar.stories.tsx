import type { Meta, StoryObj } from '@storybook/react-vite';
import { CanvasSidebar } from './CanvasSidebar';

const CANVASES = [
  { id: 'c1', name: 'Product roadmap', timestamp: '2026-03-02T09:30:00Z' },
  { id: 'c2', name: 'Wireframes', timestamp: '2026-03-05T14:10:00Z' },
  {
    id: 'c3',
    name: 'Architecture sketch with a rather long name',
    timestamp: '2026-02-11T08:00:00Z',
  },
];

const meta = {
  component: CanvasSidebar,
  args: {
    canvases: CANVASES,
    activeId: 'c1',
    onNew: () => {},
    onRename: () => {},
    onDelete: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ width: 242, height: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CanvasSidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithCanvases: Story = {};
export const Creating: Story = { args: { creating: true } };
export const Empty: Story = { args: { canvases: [] } };

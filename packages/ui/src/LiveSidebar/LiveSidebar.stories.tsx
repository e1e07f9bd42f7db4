import type { Meta, StoryObj } from '@storybook/react-vite';
import { LiveSidebar } from './LiveSidebar';

const meta = {
  component: LiveSidebar,
  args: {
    canvases: [
      { canvasId: 'l1', canvasName: 'Team retro' },
      { canvasId: 'l2', canvasName: 'Launch plan' },
    ],
    activeId: 'l1',
    onLeave: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ width: 242, height: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LiveSidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithCanvases: Story = {};
export const Empty: Story = { args: { canvases: [] } };

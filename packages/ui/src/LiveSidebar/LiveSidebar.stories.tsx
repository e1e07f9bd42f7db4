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
export const WithPeople: Story = {
  args: {
    people: [
      { id: 'u2', name: 'grace_hopper', here: true },
      { id: 'u3', name: 'Ada Lovelace', note: 'owner' },
      { id: 'u4', name: 'linus' },
    ],
  },
};

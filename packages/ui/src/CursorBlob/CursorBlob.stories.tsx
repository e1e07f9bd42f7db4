import type { Meta, StoryObj } from '@storybook/react-vite';
import { CursorBlob } from './CursorBlob';

const meta = {
  component: CursorBlob,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
        <p>Move the pointer around.</p>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CursorBlob>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Small: Story = { args: { size: 180 } };

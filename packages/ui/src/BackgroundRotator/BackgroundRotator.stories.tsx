import type { Meta, StoryObj } from '@storybook/react-vite';
import { BackgroundRotator } from './BackgroundRotator';

const meta = {
  component: BackgroundRotator,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BackgroundRotator>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Dawn: Story = { args: { initialIndex: 0 } };
export const Grid: Story = { args: { initialIndex: 1 } };
export const Waves: Story = { args: { initialIndex: 2 } };
/** Rotates every 2 s instead of 30 s, to watch the cross-fade. */
export const FastRotation: Story = { args: { intervalMs: 2000 } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { BackgroundRotator, CALM_BACKGROUND_IMAGES } from './BackgroundRotator';

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
/** The canvas screens' set: soft washes behind a transparent board, synced by canvas id. */
export const CalmForCanvas: Story = {
  args: { images: CALM_BACKGROUND_IMAGES, syncKey: 'canvas-id', intervalMs: 4000 },
};

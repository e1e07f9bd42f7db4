import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { TopBar } from './TopBar';

const meta = {
  component: TopBar,
  parameters: { layout: 'fullscreen' },
  args: { user: null, onSignOut: () => {}, currentPath: '/' },
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {};
export const SignedIn: Story = {
  args: { user: { username: 'ada_lovelace' }, currentPath: '/canvases' },
};
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390, minHeight: 420 }}>
    <Story />
  </div>
);

/** At 768 px or less the links collapse into the menu button. */
export const SmallScreen: Story = {
  args: { user: { username: 'ada_lovelace' } },
  decorators: [phoneWidth],
};
/** The menu overlay, open (it fades and slides in over 150 ms). */
export const SmallScreenMenuOpen: Story = {
  args: { user: { username: 'ada_lovelace' }, defaultMenuOpen: true, currentPath: '/canvases' },
  decorators: [phoneWidth],
};
export const SmallScreenSignedOutMenuOpen: Story = {
  args: { defaultMenuOpen: true },
  decorators: [phoneWidth],
};

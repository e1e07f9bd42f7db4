import type { Meta, StoryObj } from '@storybook/react-vite';
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
/** At a phone width the links collapse into the menu button. */
export const SmallScreen: Story = {
  args: { user: { username: 'ada_lovelace' } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
};

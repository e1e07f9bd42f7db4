import type { Meta, StoryObj } from '@storybook/react-vite';
import { BackgroundRotator } from '../BackgroundRotator/BackgroundRotator';
import { CursorBlob } from '../CursorBlob/CursorBlob';
import { Footer } from '../Footer/Footer';
import { TopBar } from '../TopBar/TopBar';
import { Landing } from './Landing';

const meta = {
  component: Landing,
  parameters: { layout: 'fullscreen' },
  args: { signedIn: false },
} satisfies Meta<typeof Landing>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {};
export const SignedIn: Story = { args: { signedIn: true } };
/** The landing route as the app composes it: backdrop, blob, top bar, hero and footer. */
export const FullPage: Story = {
  render: (args) => (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <BackgroundRotator />
      <CursorBlob />
      <TopBar user={null} onSignOut={() => {}} currentPath="/" />
      <main style={{ flex: 1 }}>
        <Landing {...args} />
      </main>
      <Footer year={2026} />
    </div>
  ),
};

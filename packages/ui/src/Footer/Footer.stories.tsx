import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './Footer';

const meta = {
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: { year: 2026 },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the app shows: the project has no public address yet, so no links. */
export const Default: Story = {};
export const WithProjectLinks: Story = {
  args: {
    socialLinks: [
      { label: 'Source code', href: 'https://git.example.org/tabula', icon: 'github' },
      { label: 'Documentation', href: 'https://docs.example.org/tabula', icon: 'docs' },
    ],
  },
};

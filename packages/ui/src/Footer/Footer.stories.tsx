import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './Footer';

const meta = {
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: { year: 2026 },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const CustomLinks: Story = {
  args: {
    socialLinks: [
      { label: 'GitHub', href: 'https://github.com/', icon: 'github' },
      { label: 'Instagram', href: 'https://instagram.com/', icon: 'instagram' },
    ],
  },
};

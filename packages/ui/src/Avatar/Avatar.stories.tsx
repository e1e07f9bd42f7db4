import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from './Avatar';

const PHOTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#6366f1"/><circle cx="20" cy="16" r="7" fill="#e0e7ff"/><path d="M6 38c2-9 26-9 28 0" fill="#e0e7ff"/></svg>',
  );

const meta = { component: Avatar, args: { name: 'Ada Lovelace' } } satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {};
export const Photo: Story = { args: { src: PHOTO } };
export const Large: Story = { args: { size: 72, name: 'grace_hopper' } };
export const HereNow: Story = { args: { src: PHOTO, status: 'here now' } };

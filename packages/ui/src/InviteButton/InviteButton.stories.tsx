import type { Meta, StoryObj } from '@storybook/react-vite';
import { InviteButton } from './InviteButton';

const meta = {
  component: InviteButton,
  args: { status: 'invite', onInvite: () => {}, onRemove: () => {} },
} satisfies Meta<typeof InviteButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Invite: Story = {};
export const Countdown: Story = { args: { status: 'countdown', secondsLeft: 10 } };
export const Remove: Story = { args: { status: 'remove' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { InviteButton } from '../InviteButton/InviteButton';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { OnlineUsersPopup } from './OnlineUsersPopup';
import type { OnlineUser } from './OnlineUsersPopup';

const NAMES = ['ada', 'grace', 'linus', 'margaret', 'alan', 'barbara', 'ken', 'radia', 'dennis'];
const USERS: OnlineUser[] = NAMES.map((username, i) => ({ id: `u${i}`, username }));

function action(user: OnlineUser) {
  const index = Number(user.id.slice(1));
  if (index === 1) return <InviteButton status="remove" onInvite={() => {}} onRemove={() => {}} />;
  if (index === 2) {
    return (
      <InviteButton status="countdown" secondsLeft={8} onInvite={() => {}} onRemove={() => {}} />
    );
  }
  return <InviteButton status="invite" onInvite={() => {}} onRemove={() => {}} />;
}

const meta = {
  component: OnlineUsersPopup,
  parameters: DIALOG_STORY_PARAMETERS,
  args: { open: true, onClose: () => {}, users: USERS.slice(0, 3), renderAction: action },
} satisfies Meta<typeof OnlineUsersPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FewUsers: Story = {};
/** More rows than fit in 24rem: the list scrolls. */
export const ManyUsers: Story = { args: { users: USERS } };
export const NoOneOnline: Story = { args: { users: [] } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { AvatarGroup } from './AvatarGroup';

const PEOPLE = [
  { id: 'u1', name: 'grace_hopper', here: true },
  { id: 'u2', name: 'Ada Lovelace', here: true, note: 'owner' },
  { id: 'u3', name: 'linus' },
  { id: 'u4', name: 'barbara_liskov' },
  { id: 'u5', name: 'edsger' },
];

const meta = {
  component: AvatarGroup,
  args: { people: PEOPLE.slice(0, 3), label: 'People on this canvas' },
} satisfies Meta<typeof AvatarGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Row: Story = {};
export const RowWithMore: Story = { args: { people: PEOPLE } };
export const List: Story = {
  args: { people: PEOPLE, layout: 'list' },
  decorators: [
    (Story) => (
      <div style={{ width: 242 }}>
        <Story />
      </div>
    ),
  ],
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { ActivityList } from './ActivityList';
import type { ActivitySession } from './ActivityList';

const SESSIONS: ActivitySession[] = [
  {
    id: '9',
    author: 'maria',
    when: '23 Nov 2026, 10:40 – 10:44',
    items: [
      {
        revision: 9,
        text: 'named a version “Before the review”',
        occurredAt: '2026-11-23T10:44:00Z',
        time: '10:44',
      },
      {
        revision: 8,
        text: 'restored the version of revision 5',
        occurredAt: '2026-11-23T10:41:00Z',
        time: '10:41',
        labels: ['Before the review'],
      },
      {
        revision: 7,
        text: 'cleared the canvas',
        occurredAt: '2026-11-23T10:40:00Z',
        time: '10:40',
        action: { label: 'Undo the clear', onClick: () => {} },
      },
    ],
  },
  {
    id: '6',
    author: 'sam',
    when: '23 Nov 2026, 10:02 – 10:15',
    items: [
      { revision: 6, text: 'drew 2 shapes', occurredAt: '2026-11-23T10:15:00Z', time: '10:15' },
      { revision: 5, text: 'deleted 1 element', occurredAt: '2026-11-23T10:09:00Z', time: '10:09' },
      {
        revision: 4,
        text: 'renamed the canvas to “Roadmap”',
        occurredAt: '2026-11-23T10:02:00Z',
        time: '10:02',
      },
    ],
  },
];

const meta = {
  component: ActivityList,
  args: { sessions: SESSIONS, selectedRevision: 8, onSelect: () => {}, onLoadOlder: () => {} },
  decorators: [
    (Story) => (
      <div style={{ width: 340, height: 520, border: '1px solid #e2e8f0' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ActivityList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sessions: Story = {};
export const WithOlder: Story = { args: { hasOlder: true } };
export const LoadingOlder: Story = { args: { hasOlder: true, loadingOlder: true } };
export const OlderFailed: Story = {
  args: { hasOlder: true, olderError: 'Something went wrong. Please try again.' },
};
export const Loading: Story = { args: { loading: true } };
export const Failed: Story = {
  args: { error: 'Something went wrong. Please try again.', onRetry: () => {} },
};
export const Empty: Story = { args: { sessions: [] } };

import '@excalidraw/excalidraw/index.css';
import '../styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import type { HistorySource } from './historySource';
import { memoryHistorySource } from './memoryHistorySource';
import { ReplayPlayer } from './ReplayPlayer';
import { sampleSteps } from './sampleHistory';

const AUTHORS = [
  { id: 'ada', name: 'Ada' },
  { id: 'grace', name: 'Grace' },
  { id: 'linus', name: 'Linus' },
];

/** A recorded canvas: 48 timed strokes by three people, with pauses, and two named versions. */
function recordedCanvas(): HistorySource {
  const steps = sampleSteps({ count: 48, authors: AUTHORS, points: 30, pointEveryMs: 20 });
  const at = (index: number) => steps[index]!.entry;
  return memoryHistorySource(steps, [
    {
      revision: at(15).revision,
      label: 'First sketch',
      actorId: 'ada',
      occurredAt: at(15).occurredAt,
    },
    { revision: at(39).revision, label: 'Review', actorId: 'grace', occurredAt: at(39).occurredAt },
  ]);
}

const refused = (): Promise<never> =>
  Promise.reject(new Error('You are not allowed to see this canvas.'));

/** A source whose every call fails, as a server that refuses the canvas. */
const failingSource: HistorySource = {
  history: refused,
  replay: refused,
  sceneAt: refused,
  elementHistory: refused,
  checkpoints: refused,
};

/** The player fills its container: stories give it one with a height. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div style={{ height: '90vh', minHeight: 560, border: '1px solid #dee2e6' }}>{children}</div>
  );
}

const meta = {
  title: 'Replay player',
  component: ReplayPlayer,
  decorators: [
    (Story) => (
      <Frame>
        <Story />
      </Frame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ReplayPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens on the latest drawing; press play (or space) to watch it being drawn. */
export const Recorded: Story = { args: { source: recordedCanvas() } };

/** Opens at an earlier revision (the 10th stroke). */
export const OpenAtRevision: Story = { args: { source: recordedCanvas(), initialRevision: 11 } };

/** A history that cannot be read: the player says why instead of showing a blank board. */
export const SourceFails: Story = { args: { source: failingSource } };

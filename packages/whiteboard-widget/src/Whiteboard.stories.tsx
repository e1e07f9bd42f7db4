import '@excalidraw/excalidraw/index.css';
import './styles.css';
import { convertToExcalidrawElements } from '@excalidraw/excalidraw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { SceneElement } from '@tabula/domain';
import { BACKDROPS } from '@tabula/domain/protocol';
import type { Backdrop } from '@tabula/domain/protocol';
import { ConnectionBadge } from './ConnectionBadge';
import { Whiteboard } from './Whiteboard';
import type { WhiteboardCollaborator } from './Whiteboard.types';

const AVATAR = (fill: string) =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${fill}"/></svg>`,
  );

/** A small drawing to start from. */
function sampleScene(): SceneElement[] {
  return convertToExcalidrawElements([
    {
      type: 'rectangle',
      x: 80,
      y: 80,
      width: 220,
      height: 120,
      backgroundColor: '#a5d8ff',
      fillStyle: 'solid',
    },
    { type: 'ellipse', x: 360, y: 100, width: 140, height: 140, strokeColor: '#e03131' },
    { type: 'text', x: 100, y: 260, text: 'Tabula', fontSize: 36 },
  ]) as unknown as SceneElement[];
}

/** The widget fills its container: stories give it one with a height. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div style={{ height: '80vh', minHeight: 480, border: '1px solid #dee2e6' }}>{children}</div>
  );
}

const meta = {
  component: Whiteboard,
  decorators: [
    (Story) => (
      <Frame>
        <Story />
      </Frame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Whiteboard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Drawing alone; the backdrop choice is kept under 'background-color', as on personal canvases. */
export const Solo: Story = {
  args: { backdropStorageKey: 'background-color', initialElements: sampleScene() },
};

/** View only: no tool bar, nothing can change. */
export const ReadOnly: Story = {
  args: { readOnly: true, initialElements: sampleScene(), showBackdropButton: false },
};

/** Starts on one backdrop (each story keeps it under its own key). */
function BackdropPreview({ backdrop }: { backdrop: Backdrop }) {
  const key = `storybook-backdrop-${backdrop}`;
  // Set before the board reads it on mount.
  useMemo(() => window.localStorage.setItem(key, backdrop), [key, backdrop]);
  return <Whiteboard backdropStorageKey={key} initialElements={sampleScene()} />;
}

function backdropStory(backdrop: Backdrop): Story {
  return { name: `Backdrop: ${backdrop}`, render: () => <BackdropPreview backdrop={backdrop} /> };
}

export const BackdropTransparent = backdropStory(BACKDROPS[0]);
export const BackdropLightGrey = backdropStory(BACKDROPS[1]);
export const BackdropWhite = backdropStory(BACKDROPS[2]);
export const BackdropDarkGrey = backdropStory(BACKDROPS[3]);
export const BackdropLightBlue = backdropStory(BACKDROPS[4]);

/** Peers as a live board shows them: cursors with names, avatars in the user list. */
const PEERS: WhiteboardCollaborator[] = [
  {
    id: 'ada',
    username: 'Ada',
    avatarUrl: AVATAR('#e8590c'),
    pointer: { x: 420, y: 320, tool: 'pointer' },
  },
  {
    id: 'grace',
    username: 'Grace',
    avatarUrl: AVATAR('#2f9e44'),
    pointer: { x: 600, y: 180, tool: 'laser' },
  },
];

/**
 * A shared canvas as it looks with peers around. Stories run no server: this is a recorded
 * scene with recorded peers, not live collaboration (the widget's tests run it live).
 */
export const WithPeers: Story = {
  args: {
    backdropStorageKey: 'backdrop',
    initialElements: sampleScene(),
    collaborators: PEERS,
  },
};

/** A board whose scene is still on its way (what a live board shows until the canvas is joined). */
export const Opening: Story = {
  args: { initialElements: new Promise<readonly SceneElement[]>(() => undefined) },
};

/** The connection badge in each state, as an embedder would place it over the board. */
export const ConnectionStates: Story = {
  render: () => (
    <ul style={{ listStyle: 'none', display: 'grid', gap: 8, padding: 16, margin: 0 }}>
      {(['live', 'reconnecting', 'offline', 'signed-out'] as const).map((status) => (
        <li key={status}>
          <ConnectionBadge status={status} pending={status === 'live' ? 0 : 3} />
        </li>
      ))}
    </ul>
  ),
};

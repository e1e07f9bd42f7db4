import '@excalidraw/excalidraw/index.css';
import './styles.css';
import { convertToExcalidrawElements } from '@excalidraw/excalidraw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { SceneElement } from '@tabula/domain';
import { BACKDROPS } from '@tabula/domain/protocol';
import type { Backdrop } from '@tabula/domain/protocol';
import { CollaborationClient } from './collab/CollaborationClient';
import { InMemoryCanvasServer } from './collab/InMemoryCanvasServer';
import { useCollaboration } from './collab/useCollaboration';
import { Whiteboard } from './Whiteboard';

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

const CANVAS = 'story-canvas';
const ME = { userId: 'me', username: 'You', profilePhoto: AVATAR('#6366f1') };
const ADA = { userId: 'ada', username: 'Ada', profilePhoto: AVATAR('#e8590c') };

/**
 * A peer on the in-memory server: moves its cursor in a circle and adds a shape every two
 * seconds, through its own `CollaborationClient`, as a remote user would.
 */
function useScriptedPeer(server: InMemoryCanvasServer): void {
  useEffect(() => {
    const transport = server.connect(ADA);
    const peer = new CollaborationClient({ transport, canvasId: CANVAS, userId: ADA.userId });
    peer.start();
    let step = 0;
    const cursor = setInterval(() => {
      step += 1;
      peer.movePointer({
        x: 420 + 160 * Math.cos(step / 12),
        y: 320 + 120 * Math.sin(step / 12),
        tool: 'pointer',
      });
    }, 50);
    const shapes = setInterval(() => {
      const [shape] = convertToExcalidrawElements([
        {
          type: step % 2 ? 'diamond' : 'rectangle',
          x: 120 + ((step * 7) % 600),
          y: 380 + ((step * 3) % 120),
          width: 80,
          height: 60,
          strokeColor: '#e8590c',
        },
      ]) as unknown as SceneElement[];
      if (shape) peer.submit([{ ...shape, index: `b${String(step).padStart(6, '0')}` }]);
    }, 2000);
    return () => {
      clearInterval(cursor);
      clearInterval(shapes);
      peer.dispose();
      transport.close();
    };
  }, [server]);
}

function CollaboratingBoard() {
  const server = useMemo(() => new InMemoryCanvasServer(), []);
  const transport = useMemo(() => server.connect(ME), [server]);
  useScriptedPeer(server);
  const live = useCollaboration({ transport, canvasId: CANVAS, userId: ME.userId });
  return <Whiteboard {...live.bind} backdropStorageKey="backdrop" />;
}

/** Live with a scripted peer over the in-memory transport: Ada's cursor, name, avatar and shapes. */
export const Collaborating: Story = {
  render: () => <CollaboratingBoard />,
};

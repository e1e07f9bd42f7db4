import type { SceneElement } from '@tabula/domain';
import { OncePerFrame, animationFrames } from '../board/frames';
import type { RequestFrame } from '../board/frames';
import type { PeerActivity, WhiteboardCursor } from '../sync/peerActivity';
import { PeerDirectory } from './peers';
import type { RemotePeer } from './peers';

/**
 * The engine's `PeerActivity`: peers' cursors (from the `PeerDirectory`) and their elements in
 * progress (the overlay previews), for the board's peer layer, which reads them at most once
 * per frame. It also keeps `peers$` quiet: the list is looked at once per frame at most and
 * goes out when people come, go, change name or photo, or are first seen pointing on the
 * board, never for a pointer that moved.
 */
export class LivePeerActivity implements PeerActivity {
  /** Who is on the canvas, kept up to date from the transport's presence messages. */
  readonly directory: PeerDirectory;
  private readonly listeners = new Set<() => void>();
  private shownKey = '';
  private cursorList: WhiteboardCursor[] | null = null;
  private readonly frame: OncePerFrame;

  constructor(
    selfUserId: string | undefined,
    private readonly overlay: () => readonly SceneElement[],
    private readonly publish: (peers: RemotePeer[]) => void,
    requestFrame: RequestFrame = animationFrames,
  ) {
    this.directory = new PeerDirectory(selfUserId);
    this.frame = new OncePerFrame(requestFrame, () => this.publishIfChanged());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  cursors(): readonly WhiteboardCursor[] {
    this.cursorList ??= this.directory
      .list()
      .flatMap((peer) =>
        peer.pointer ? [{ id: peer.userId, username: peer.username, pointer: peer.pointer }] : [],
      );
    return this.cursorList;
  }

  previews(): readonly SceneElement[] {
    return this.overlay();
  }

  /** The overlay previews changed. */
  previewsChanged(): void {
    this.tell();
  }

  /** A presence message changed the directory: cursors move; the list goes out if it changed. */
  peersChanged(): void {
    this.cursorList = null;
    this.frame.schedule();
    this.tell();
  }

  /** No more publishing. */
  dispose(): void {
    this.frame.stop();
  }

  private publishIfChanged(): void {
    const peers = this.directory.list();
    const key = JSON.stringify(
      peers.map((peer) => [peer.userId, peer.username, peer.avatarUrl ?? '', !!peer.pointer]),
    );
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.publish(peers);
    }
  }

  private tell(): void {
    for (const listener of this.listeners) listener();
  }
}

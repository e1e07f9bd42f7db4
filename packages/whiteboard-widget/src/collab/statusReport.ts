import type { ClientSignals } from './clientSignals';
import type { EditorLink } from './editorLink';
import type { KeptCopy } from './keptCopy';
import type { LiveConnection } from './liveConnection';
import type { OutboxSender } from './outboxSender';
import type { Scheduler } from './scheduler';

/** The parts whose state the host is told. */
export interface ReportedParts {
  connection: LiveConnection;
  sender: OutboxSender;
  kept: KeptCopy;
  editor: EditorLink;
  /** True once the client is closed: nothing more is told. */
  closed(): boolean;
}

/**
 * What a client tells its host (`ClientSignals`) about where it stands: its status (and the
 * kept copy, whether it is offline), how many changes are pending and how many wait to show,
 * and whether the joined or kept scene is on a ready editor (`loaded$`).
 */
export class StatusReport {
  constructor(
    private readonly signals: ClientSignals,
    private readonly scheduler: Scheduler,
    private readonly parts: ReportedParts,
  ) {}

  /** The connection's status may have changed. */
  status(): void {
    if (this.parts.closed()) return;
    const { connection, kept } = this.parts;
    const { status } = connection;
    this.signals.setStatus(status);
    kept.canvas?.connection(status === 'offline', connection.hasJoined);
    this.waiting();
  }

  /** The outbox changed. */
  outbox(): void {
    if (this.parts.closed()) return;
    this.signals.setPending(this.parts.sender.size);
    this.waiting();
  }

  /** "n changes waiting" (see `ClientSignals.setWaiting`). */
  waiting(): void {
    if (this.parts.closed()) return;
    const { sender, connection } = this.parts;
    this.signals.setWaiting(sender.size, sender.oldestWait(), connection.live, this.scheduler, () =>
      this.waiting(),
    );
  }

  /** The editor may show the joined (or kept) scene now. */
  loaded(): void {
    const { connection, kept, editor } = this.parts;
    if ((connection.hasJoined || kept.shown) && editor.ready && !this.parts.closed())
      this.signals.setLoaded(true);
  }
}

import type { ReplayViewProps, ViewLoader } from './elementTypes';
import { ShadowBoardElement } from './ShadowBoardElement';

/**
 * `<tabula-replay server="…" canvas="…">`: a canvas's history played back (timeline, speeds,
 * authors, export), for a user who may read it: its session token as the `token` property (or
 * attribute). Attributes `theme`, `height`.
 */
export class TabulaReplayElement extends ShadowBoardElement<ReplayViewProps | null> {
  static readonly observedAttributes = ['server', 'canvas', 'token', 'theme', 'height'];

  private tokenProperty: string | null = null;

  protected async loadView(): Promise<ViewLoader<ReplayViewProps | null>> {
    const { replayLoader } = await import('./mountReplay');
    return {
      ...replayLoader,
      mount: (container) => {
        const view = replayLoader.mount(container);
        return {
          render: (props) => (props ? view.render(props) : undefined),
          unmount: () => view.unmount(),
        };
      },
    };
  }

  protected viewProps(): ReplayViewProps | null {
    const server = this.getAttribute('server');
    const canvas = this.getAttribute('canvas');
    if (!server || !canvas) return null;
    const theme = this.getAttribute('theme') === 'dark' ? 'dark' : 'light';
    return { server, canvas, token: this.token, theme };
  }

  get token(): string | null {
    return this.tokenProperty ?? this.getAttribute('token');
  }
  set token(value: string | null) {
    this.tokenProperty = value;
    this.update();
  }
}

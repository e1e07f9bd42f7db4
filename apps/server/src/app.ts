/**
 * `createApp(deps)`: the whole server from injected adapters (event store, read models,
 * presence). Koa + @koa/router for REST, Socket.IO on the same HTTP server, the projection
 * runner that keeps read models current and feeds the realtime fan-out. Reads no environment.
 */
import { createInMemorySharedState } from './infrastructure/sharedState/sharedState';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { hostname } from 'node:os';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { canvasDecider, userDecider } from '@tabula/domain';
import type { AppContext } from './appContext';
import type { AppDeps } from './appDeps';
import { AuthService } from './features/auth/auth.service';
import { authRoutes } from './features/auth/auth.routes';
import { DemoAccounts } from './features/auth/demoAccounts';
import { CanvasesService } from './features/canvases/canvases.service';
import { canvasRoutes } from './features/canvases/canvases.routes';
import { canvasEraser } from './features/canvases/history/canvasErasure';
import { HistoryActions } from './features/canvases/history/historyActions';
import { HistoryQueries } from './features/canvases/history/historyQueries';
import { historyRoutes } from './features/canvases/history/history.routes';
import { SceneLoadThread } from './features/canvases/history/sceneLoadThread';
import { SceneTimeline } from './features/canvases/history/sceneTimeline';
import { CurrentScenes } from './features/canvases/projections/currentScenes';
import { DEFAULT_QUOTAS, canvasQuotas } from './features/canvases/quotas/quotas';
import { MinuteBudget } from './features/canvases/quotas/minuteBudget';
import { FilesService } from './features/canvases/files/files.service';
import { fileRoutes } from './features/canvases/files/files.routes';
import { thumbnailRoutes } from './features/canvases/thumbnails/thumbnails.routes';
import { SceneDownloads } from './features/canvases/live/sceneDownloads';
import { sceneDownloadRoutes } from './features/canvases/live/sceneDownload.routes';
import { ShareLinks } from './features/canvases/shareLinks/shareLinks.service';
import { shareLinkRoutes } from './features/canvases/shareLinks/shareLinks.routes';
import { embeds } from './features/embeds/embeds.routes';
import { createInMemoryFileStore } from './infrastructure/files/inMemoryFileStore';
import { createInMemorySnapshotStore } from './infrastructure/snapshots/inMemorySnapshotStore';
import { apiNotFound } from './http/apiNotFound';
import { errorMiddleware } from './http/errorMiddleware';
import { healthRoutes, probeRoutes } from './http/health';
import { AppMetrics } from './http/metrics';
import { cors, securityHeaders } from './http/securityHeaders';
import { serveSpa } from './http/spa';
import { compressResponses } from './http/compressResponses';
import { CommandHandler } from './infrastructure/commandHandler';
import { observeAppends } from './infrastructure/eventStore/observedAppends';
import { createLogger, errorReporter } from './logger';
import { PROJECTIONS } from './projections/index';
import { ProjectionRunner } from './projections/projectionRunner';
import { createGateway } from './socketGateway';
import type { Gateway } from './socketGateway';
import { rooms } from './realtime/socketTypes';

export interface TabulaApp {
  koa: Koa;
  httpServer: HttpServer;
  gateway: Gateway;
  context: AppContext;
  /** Listens (port 0 picks a free port) and resolves with the bound address's URL. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Stops gracefully: `/ready` answers 503, the server stops accepting, sockets are closed (the
   * transport closes, so clients reconnect, to another node behind a balancer), the appends
   * under way commit, then the projection subscription stops. The adapters stay open.
   */
  close(): Promise<void>;
}

export async function createApp(appDeps: AppDeps): Promise<TabulaApp> {
  const logError = appDeps.logError ?? errorReporter(createLogger({ nodeId: hostname() }));
  // Appends timed for the metrics and awaited by close(); the rest of the store as it is.
  const metrics = new AppMetrics();
  const appends = observeAppends(appDeps.eventStore, (...append) =>
    metrics.observeAppend(...append),
  );
  const deps: AppDeps = { ...appDeps, eventStore: appends.store };
  let stopping = false;
  // The snapshot writer starts following an open canvas from its current scene.
  const held: { scenes?: CurrentScenes } = {};
  const loadThread = deps.sceneLoadDir
    ? new SceneLoadThread(deps.sceneLoadDir, {
        raised: () => metrics.loadThreadRaised(),
        error: (error) => logError(error, 'scene load thread priority'),
      })
    : undefined;
  const timeline = new SceneTimeline({
    loadThread,
    currentScene: (canvasId, revision) => held.scenes?.compactAt(canvasId, revision) ?? null,
    eventStore: deps.eventStore,
    snapshots: deps.snapshots ?? createInMemorySnapshotStore(),
    ...(deps.snapshotInterval === undefined ? {} : { interval: deps.snapshotInterval }),
    ...(deps.gridSceneCapacity === undefined ? {} : { gridSceneCapacity: deps.gridSceneCapacity }),
    onError: (error) => logError(error, 'snapshots'),
  });
  const scenes = new CurrentScenes({
    timeline,
    readModels: deps.readModels,
    capacityBytes: deps.sceneMemoryBytes,
  });
  held.scenes = scenes;
  // Snapshots are asked for in log order as the projections apply each event, and written
  // in the background (a deletion's erasure waits for those under way); not while the read
  // models catch up at start: reads fill the grid where no snapshot was written. The current
  // scenes fold each event first (the writer may start from them), before anyone hears of it.
  let caughtUp = false;
  const projections = new ProjectionRunner(
    deps.eventStore,
    deps.readModels,
    PROJECTIONS,
    (error) => logError(error, 'projections'),
    [
      async (record) => scenes.apply(record),
      async (record) => (caughtUp ? timeline.snapshotAfter(record) : undefined),
      async (record) => deps.onProjected?.(record),
    ],
  );
  const clock = deps.clock ?? { now: () => new Date() };
  const quotas = { ...DEFAULT_QUOTAS, ...deps.quotas };
  // Shared by the nodes when there are several (REDIS_URL); one process counts alone.
  const drawingBudget = new MinuteBudget(
    { perMinute: quotas.bytesPerMinute, burst: Math.min(quotas.burstBytes, quotas.bytesPerMinute) },
    clock,
    deps.sharedState,
    (error) => logError(error, 'drawing budget'),
  );
  const context: AppContext = {
    eventStore: deps.eventStore,
    readModels: deps.readModels,
    presence: deps.presence,
    clock,
    newId: deps.newId ?? randomUUID,
    users: new CommandHandler(deps.eventStore, userDecider),
    canvases: new CommandHandler(deps.eventStore, canvasDecider, {
      admission: canvasQuotas(quotas, drawingBudget),
      foldElsewhere: loadThread?.aggregates((error) => logError(error, 'aggregate fold')),
    }),
    canvasStates: loadThread?.states((error) => logError(error, 'canvas state fold')),
    projections,
    scenes,
    rateLimits: {
      authPerIpPerMinute: 60,
      failedLoginsPerAccount: 10,
      socketMessagesPerSecond: 200,
      ...deps.rateLimits,
    },
    quotas,
    drawingBudget,
    sharedState: deps.sharedState ?? createInMemorySharedState(() => clock.now().getTime()),
    snapshotsSettled: () => timeline.settled(),
    logError,
    metrics,
  };
  await projections.start();
  caughtUp = true;

  const auth = new AuthService(context);
  const fileStore = deps.files ?? createInMemoryFileStore();
  const canvases = new CanvasesService(context, canvasEraser(deps.eventStore, timeline, fileStore));
  const shareLinks = new ShareLinks(canvases, context);
  const files = new FilesService(canvases, {
    store: fileStore,
    eventStore: deps.eventStore,
    scenes,
  });
  const history = {
    timeline,
    queries: new HistoryQueries({
      eventStore: deps.eventStore,
      readModels: deps.readModels,
      timeline,
      scenes,
    }),
    actions: new HistoryActions(canvases, timeline, context.newId),
  };
  let demo: DemoAccounts | undefined;
  if (deps.demo?.enabled) {
    demo = new DemoAccounts(context, auth, deps.demo.idleMs);
    await demo.ensure(deps.demo.password);
  }

  const trustProxy = deps.trustProxy ?? 0;
  const koa = new Koa({ proxy: trustProxy > 0, maxIpsCount: trustProxy });
  koa.on('error', (error) => logError(error, 'http'));
  const allowedOrigins = deps.allowedOrigins ?? [];
  const auths = authRoutes(context, auth, demo);
  const canvasRouter = canvasRoutes(auth, canvases);
  const health = healthRoutes(context);
  const historyRouter = historyRoutes({ auth, canvases, readModels: deps.readModels, ...history });
  const fileRouter = fileRoutes(auth, files, shareLinks);
  const embedding = embeds({ links: shareLinks, canvases, embedBuild: deps.embedBuild });
  const sceneDownloads = new SceneDownloads();
  koa
    .use(metrics.countRefusals())
    .use(errorMiddleware)
    .use(securityHeaders(deps.embedOrigins))
    .use(cors(allowedOrigins))
    .use(compressResponses)
    .use(probeRoutes(context, () => stopping).routes())
    .use(serveSpa(deps.webDist, embedding.pageHead))
    .use(apiNotFound)
    // Before the JSON parser: an upload reads its own, larger body (files.routes.ts).
    .use(fileRouter.routes())
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '64kb', encoding: 'utf-8' }))
    .use(health.routes())
    .use(metrics.routes().routes())
    .use(auths.routes())
    .use(auths.allowedMethods())
    .use(canvasRouter.routes())
    .use(canvasRouter.allowedMethods())
    .use(historyRouter.routes())
    .use(historyRouter.allowedMethods())
    .use(thumbnailRoutes(auth, canvases).routes())
    .use(sceneDownloadRoutes(sceneDownloads).routes())
    .use(shareLinkRoutes(auth, shareLinks).routes())
    .use(embedding.routes);

  const httpServer = createServer(koa.callback());
  const gateway = createGateway(httpServer, {
    context,
    auth,
    canvases,
    allowedOrigins,
    adapter: deps.socketIoAdapter,
    liveRooms: { downloads: sceneDownloads, ...deps.liveRooms },
    history,
    viewLinks: shareLinks,
    transport: { heartbeat: deps.heartbeat, compression: deps.socketCompression },
  });
  demo?.watch(gateway.io, gateway.takeOffline);
  metrics.watch({
    sockets: () => gateway.io.engine.clientsCount,
    rooms: () => [...gateway.io.of('/').adapter.rooms.keys()].filter(isCanvasRoom).length,
    subscriptionLag: async () => {
      const head = await deps.eventStore.headPosition().catch(() => undefined);
      return head === undefined ? undefined : Math.max(0, head - projections.currentPosition);
    },
  });
  const fanOutLag$ = projections.processed$.subscribe((record) =>
    metrics.observeFanOut(record.recordedAt),
  );

  return {
    koa,
    httpServer,
    gateway,
    context,
    listen(port, host = '127.0.0.1') {
      loadThread?.start(); // ready before the first join of a canvas not in memory
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const { address, port: bound } = httpServer.address() as AddressInfo;
          resolve(`http://${address.includes(':') ? `[${address}]` : address}:${bound}`);
        });
      });
    },
    async close() {
      stopping = true;
      await gateway.close();
      await appends.settled();
      fanOutLag$.unsubscribe();
      projections.stop();
      await loadThread?.close();
      if (httpServer.listening)
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

const isCanvasRoom = (room: string) => room.startsWith(rooms.canvas(''));

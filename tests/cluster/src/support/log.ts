/** The event log as PostgreSQL holds it, read directly (the test's own view, not a node's). */
import pg from 'pg';

/** How many times each element id was committed to `canvasId` (`LineDrawn` events). */
export async function commitsPerElement(
  eventStoreUrl: string,
  canvasId: string,
): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: eventStoreUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ event: { type: string; data: unknown } }>(
      'SELECT event FROM tabula_events ORDER BY position',
    );
    const counts = new Map<string, number>();
    for (const { event } of rows) {
      const data = event.data as { canvasId?: string; elements?: { id: string }[] };
      if (event.type !== 'LineDrawn' || data.canvasId !== canvasId) continue;
      for (const element of data.elements ?? [])
        counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    }
    return counts;
  } finally {
    await client.end();
  }
}

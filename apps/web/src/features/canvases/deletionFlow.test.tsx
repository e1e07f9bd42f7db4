// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createServices } from '../../app/services';
import { ServicesProvider } from '../../app/ServicesContext';
import { memoryStorage } from '../../test/memoryStorage';
import { deletionFlow } from './deletionFlow';
import { useDeleteCanvas } from './useCanvasFlows';

afterEach(cleanup);

/** A screen with the delete popup of canvas c1. */
function Screen() {
  const deletion = useDeleteCanvas();
  return (
    <>
      <button onClick={() => deletion.request('c1')}>Delete canvas</button>
      {deletion.open && (
        <button onClick={() => deletion.actor.send({ type: 'delete.confirm' })}>Delete</button>
      )}
    </>
  );
}

/** The app's services whose REST answers wait until `answer()` is called. */
function servicesWithHeldAnswers() {
  const held: (() => void)[] = [];
  const services = createServices({
    storage: memoryStorage({ token: 'tok' }),
    openRealtime: () => new Promise(() => undefined),
    fetch: async () => {
      await new Promise<void>((resolve) => held.push(resolve));
      return new Response(JSON.stringify({ success: true, data: { _id: 'c1' } }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  services.store.set((state) => ({
    ...state,
    canvases: [{ _id: 'c1', name: 'Plan' } as (typeof state.canvases)[number]],
  }));
  return { services, answer: () => held.shift()?.() };
}

describe('the delete flow', () => {
  it('still says the canvas is deleted when the screen that asked is gone before the answer', async () => {
    const { services, answer } = servicesWithHeldAnswers();
    const view = render(
      <ServicesProvider services={services}>
        <Screen />
      </ServicesProvider>,
    );
    fireEvent.click(screen.getByText('Delete canvas'));
    fireEvent.click(screen.getByText('Delete'));
    view.unmount(); // the room's notice sent the user elsewhere first
    answer();
    await waitFor(() =>
      expect(services.alerts.getSnapshot().context.text).toBe('Canvas deleted Successfully'),
    );
    expect(services.store.get().canvases).toEqual([]);
  });

  it('closes a popup left open when its screen goes', () => {
    const { services } = servicesWithHeldAnswers();
    const view = render(
      <ServicesProvider services={services}>
        <Screen />
      </ServicesProvider>,
    );
    fireEvent.click(screen.getByText('Delete canvas'));
    expect(deletionFlow(services).getSnapshot().value).toBe('open');
    view.unmount();
    expect(deletionFlow(services).getSnapshot().value).toBe('closed');
  });
});

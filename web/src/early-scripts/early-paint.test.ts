// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSettled } from '../testing/early-paint';
import { largestPaintIn } from './early-paint';

/** The browser's largest-paint reports, delivered by the test: each observer's callback. */
let report: ((elements: (Element | null)[]) => void)[] = [];
let disconnected = 0;

class ReportedPaints {
  constructor(private readonly callback: (list: { getEntries(): { element: Element | null }[] }) => void) {}
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
    report.push((elements) => this.callback({ getEntries: () => elements.map((element) => ({ element })) }));
  }
  disconnect() {
    disconnected += 1;
  }
}

afterEach(() => {
  report = [];
  disconnected = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function layerWithImage() {
  document.body.innerHTML = '<div id="layer"><img alt=""></div><main><h1>Elsewhere</h1></main>';
  return { layer: document.getElementById('layer')!, image: document.querySelector('img')! };
}

describe("the layer's largest paint", () => {
  it('settles once something in the layer is reported as the largest paint, not for a paint elsewhere', async () => {
    vi.stubGlobal('PerformanceObserver', ReportedPaints);
    const { layer, image } = layerWithImage();
    const painted = largestPaintIn(layer, 500);
    report[0]!([document.querySelector('h1'), null]);
    expect(await isSettled(painted)).toBe(false);
    report[0]!([image]);
    expect(await isSettled(painted)).toBe(true);
    expect(disconnected).toBe(1);
  });

  it('settles after the cap when nothing in it is reported: something larger had painted before', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', ReportedPaints);
    let painted = false;
    void largestPaintIn(layerWithImage().layer, 500).then(() => (painted = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(painted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(painted).toBe(true);
    expect(disconnected).toBe(1);
  });

  it('settles after the cap in a browser that reports no largest paint', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {
          throw new TypeError('largest-contentful-paint is not supported');
        }
        disconnect() {}
      },
    );
    let painted = false;
    void largestPaintIn(layerWithImage().layer, 500).then(() => (painted = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(painted).toBe(true);
  });
});

/**
 * Runs `run` once the next frame has been painted (a task queued from a frame's animation
 * callback runs after that frame); returns what cancels it. The panel's first render leaves its
 * non-urgent work to this, so the frame with React's rows is not held back (issue 34).
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

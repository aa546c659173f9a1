import type { TestProject } from 'vitest/node';
import { buildImage, ROOT, removeLabelled } from '#tests/container/support/docker.ts';

// Builds the image from the working tree once for every file, as an operator would (`docker build .`), and removes
// what the run created when it ends, whatever the outcome; first, what runs that were killed left behind.
// CONTAINER_TEST_IMAGE=<image> tests an image already built instead.
export default async function setup(project: TestProject) {
  const run = `${process.pid}-${Date.now()}`;
  await removeLabelled();
  let image = process.env.CONTAINER_TEST_IMAGE;
  if (!image) {
    image = 'porchlight-test:current';
    const seconds = await buildImage(ROOT, image);
    console.log(`Built ${image} from the working tree in ${seconds.toFixed(0)} s`);
  }
  project.provide('run', run);
  project.provide('image', image);
  return async () => {
    await removeLabelled(run);
  };
}

// The other thread of the batch scene's serialization figure: it reads a serialized surface back
// (deserialize checks the tree against the body instead of building it; `check` as the message
// says: 'full', or 'safety' as a pool's own workers read their pool's bodies), says so at once,
// then answers a distance query on it so that the main thread can check the copy answers as the
// original.
import { parentPort } from 'node:worker_threads';
import { box, deserialize, surfaceDistance } from '@firsttouch/mesh';

function serve() {
  let surface;
  parentPort.on('message', (message) => {
    if (message.type === 'body') {
      surface = deserialize(message.data, { check: message.check ?? 'full' });
      parentPort.postMessage({ type: 'read', facets: surface.facetCount });
    } else if (message.type === 'distance') {
      const d = surfaceDistance(surface, box(0.05), { poseB: message.poseB });
      parentPort.postMessage({ type: 'distance', distance: d.distance, facetA: d.facetA });
    }
  });
}

serve();

/** The unit test files of shard 1 of 2 (./files.ts). */
import {runShard} from './files';

runShard(1, 2);

/** The unit test files of shard 2 of 2 (./files.ts). */
import {runShard} from './files';

runShard(2, 2);

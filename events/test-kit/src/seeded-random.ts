/** The tests take the product's one seeded generator from here, beside the rest of their kit. */
export { seededRandom } from '@nocturne/domain';

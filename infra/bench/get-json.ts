import { type Agent, request } from 'node:http';

/**
 * GET a JSON answer (the reader's view, without X-Min-Position: it answers at once); on a new
 * connection unless given an agent. In a module of its own, without the product's imports: the
 * lag suite's client process loads it and little else.
 */
export function getJson<T>(url: string, agent: Agent | false = false): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        try {
          resolve(JSON.parse(body) as T);
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

import type { SimConnection } from '@zelo/contracts/simulator/read-models';
import type pg from 'pg';

const simConnectionSelect = `SELECT w.id, w.name, w.status, c.name AS "companyName"
  FROM whatsapps w JOIN companies c ON c.id = w.company_id WHERE w.provider = 'simulator'`;

/** Every simulator connection of every company (the simulator's page picks one). */
export async function listSimConnections(pool: pg.Pool): Promise<SimConnection[]> {
  return (await pool.query<SimConnection>(`${simConnectionSelect} ORDER BY c.name, w.name`)).rows;
}

/** The simulator connection with this id, or null (also for a connection of another provider). */
export async function getSimConnection(pool: pg.Pool, id: string): Promise<SimConnection | null> {
  return (await pool.query<SimConnection>(`${simConnectionSelect} AND w.id = $1`, [id])).rows[0] ?? null;
}

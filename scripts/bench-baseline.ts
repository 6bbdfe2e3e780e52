import Fastify from 'fastify';
import pg from 'pg';

/**
 * The bench's yardstick: a bare Fastify route doing the indexed lookup GET /users/me does (one
 * live user row by primary key, a prepared pg query, the same columns and JSON), with no
 * assertion, logging or tracing. `npm run bench` starts it as its own process beside the system
 * and compares the identity service's throughput with this one's.
 */
const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const findUser = {
  name: 'bench_baseline_find_user',
  text: `SELECT id, first_name, last_name, email, phone, emergency_contact_name, emergency_contact_phone, profile_image_url,
    is_verified, verification_status, is_driver, driver_verification_status, created_at
    FROM users WHERE id = $1 AND deleted_at IS NULL`,
};

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
  const { rows } = await pool.query({ ...findUser, values: [request.params.id] });
  const row = rows[0];
  if (!row) return reply.status(404).send({ message: 'Not found' });
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email ?? '',
    phone: row.phone ?? '',
    emergencyContactName: row.emergency_contact_name,
    emergencyContactPhone: row.emergency_contact_phone,
    profileImageUrl: row.profile_image_url,
    isVerified: row.is_verified,
    verificationStatus: row.verification_status,
    isDriver: row.is_driver,
    driverVerificationStatus: row.driver_verification_status,
    createdAt: (row.created_at as Date).toISOString(),
  };
});

process.once('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`baseline listening on ${port}`);

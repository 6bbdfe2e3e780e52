#!/bin/sh
# One-shot job of docker-compose.yml (service minio-setup, minio/mc image): creates the uploads
# bucket and the identity service's own key, which may use that bucket and nothing else, so the
# root credentials stay with MinIO. Every step is safe to repeat on the next `docker compose up`.
set -eu

mc alias set krom http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "krom/$S3_BUCKET"

policy_file=/tmp/krom-uploads-policy.json
cat >"$policy_file" <<EOF
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
EOF
mc admin policy create krom krom-uploads "$policy_file"
mc admin user add krom "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# On a re-run the policy is already attached and attach answers an error; that state is the goal.
mc admin policy attach krom krom-uploads --user "$S3_ACCESS_KEY_ID" \
  || mc admin user info krom "$S3_ACCESS_KEY_ID" | grep -q krom-uploads

echo "Bucket $S3_BUCKET is ready; access key $S3_ACCESS_KEY_ID may use it."

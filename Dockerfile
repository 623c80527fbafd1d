# Umpire: a small image that runs the bot. SQLite needs cgo, so the build
# stage has gcc and the final stage is a slim Debian with glibc.
#
#   docker build -t umpire .
#   docker run -d --name umpire -e DISCORD_TOKEN=... -e DISCORD_GUILD_ID=... \
#       -v umpire-data:/data umpire
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/umpire ./cmd/umpire \
 && mkdir -p /out/data

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data umpire
COPY --from=build /out/umpire /usr/local/bin/umpire
COPY --from=build --chown=10001:10001 /out/data /data
ENV UMPIRE_DB=/data/umpire.db
VOLUME /data
USER umpire
ENTRYPOINT ["/usr/local/bin/umpire"]

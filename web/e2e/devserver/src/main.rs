//! A stand-in for `tavolo serve --addr ADDR --data-dir DIR` (web/e2e/run.sh uses it only while
//! the tavolo binary has no `serve` command): tavolo-server's Server with quick bots.
use std::time::Duration;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |k: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).cloned();
    let mut config = tavolo_server::Config::default();
    config.addr = get("--addr").unwrap_or_else(|| "127.0.0.1:8080".into()).parse().expect("--addr HOST:PORT");
    config.db_url = match get("--data-dir") {
        Some(d) => format!("sqlite:{d}/tavolo.db"),
        None => "sqlite::memory:".into(),
    };
    config.bot_delay = Duration::from_millis(150);
    config.hand_pause = Duration::from_millis(1500);
    let server = tavolo_server::Server::start(config).await.expect("the server starts");
    println!("listening on http://{}/", server.local_addr());
    tokio::signal::ctrl_c().await.ok();
    server.shutdown().await;
}
